from s3prl.hub import *

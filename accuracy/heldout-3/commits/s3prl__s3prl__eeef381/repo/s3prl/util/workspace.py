from s3prl.base.workspace import *

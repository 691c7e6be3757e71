from s3prl.base.fileio import *

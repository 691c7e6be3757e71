from . import aws_sqs
from . import gcloud
from . import k8s

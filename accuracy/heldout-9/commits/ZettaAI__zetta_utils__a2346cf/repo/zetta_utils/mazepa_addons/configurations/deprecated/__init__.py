from . import execute_on_gcp_with_sqs

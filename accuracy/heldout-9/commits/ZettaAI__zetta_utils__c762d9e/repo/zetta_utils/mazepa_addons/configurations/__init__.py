from . import execute_on_gcp_with_sqs
from . import execute_on_slurm
from . import execute_locally
from . import worker_pool

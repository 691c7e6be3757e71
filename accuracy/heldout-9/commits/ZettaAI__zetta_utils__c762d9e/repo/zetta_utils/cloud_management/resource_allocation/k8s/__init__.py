"""
Tools to interact with kubernetes clusters.
"""

from .common import (
    ClusterInfo,
    DEFAULT_CLUSTER_INFO,
    DEFAULT_CLUSTER_PROJECT,
    get_cluster_data,
    parse_cluster_info,
)

from .configmap import get_configmap, configmap_ctx_manager
from .cronjob import configure_cronjob
from .deployment import deployment_ctx_mngr, get_deployment, get_mazepa_worker_deployment
from .job import (
    get_job,
    get_job_template,
    get_job_pod,
    job_ctx_manager,
    follow_job_logs,
    wait_for_job_completion,
)
from .pod import get_pod_spec
from .secret import secrets_ctx_mngr, get_secrets_and_mapping
from .service import get_service, service_ctx_manager
from .volume import get_common_volumes, get_common_volume_mounts

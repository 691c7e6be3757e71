# pylint: disable=unused-import


from zetta_utils.augmentations.common import prob_aug
from zetta_utils.augmentations.imgaug import imgaug_augment, imgaug_readproc
from zetta_utils.augmentations.tensor import (
    add_scalar_aug,
    clamp_values_aug,
    square_tile_pattern_aug,
)
from zetta_utils.builder.building import BuilderPartial, build
from zetta_utils.builder.built_in_registrations import (
    efficient_parse_lambda_str,
    invoke_lambda_str,
)
from zetta_utils.builder.registry import (
    RegistryEntry,
    get_matching_entry,
    register,
    unregister,
)
from zetta_utils.cli.main import cli, run, show_registry
from zetta_utils.cloud_management.resource_allocation.aws_sqs import sqs_queue_ctx_mngr
from zetta_utils.cloud_management.resource_allocation.gcloud.iam import (
    Role,
    add_role,
    get_policy,
    remove_role,
    set_policy,
)
from zetta_utils.cloud_management.resource_allocation.k8s.common import (
    ClusterAuth,
    ClusterInfo,
    get_cluster_data,
    get_mazepa_worker_command,
    parse_cluster_info,
)
from zetta_utils.cloud_management.resource_allocation.k8s.configmap import (
    configmap_ctx_manager,
    get_configmap,
)
from zetta_utils.cloud_management.resource_allocation.k8s.cronjob import (
    CronJobSpecConfig,
    configure_cronjob,
)
from zetta_utils.cloud_management.resource_allocation.k8s.deployment import (
    deployment_ctx_mngr,
    get_deployment,
    get_deployment_spec,
    get_mazepa_worker_deployment,
)
from zetta_utils.cloud_management.resource_allocation.k8s.eks import (
    eks_cluster_data,
    get_eks_token,
)
from zetta_utils.cloud_management.resource_allocation.k8s.gke import gke_cluster_data
from zetta_utils.cloud_management.resource_allocation.k8s.job import (
    follow_job_logs,
    get_job,
    get_job_template,
    job_ctx_manager,
    wait_for_job_completion,
)
from zetta_utils.cloud_management.resource_allocation.k8s.pod import get_pod_spec
from zetta_utils.cloud_management.resource_allocation.k8s.secret import (
    get_secrets_and_mapping,
    get_worker_env_vars,
    secrets_ctx_mngr,
)
from zetta_utils.cloud_management.resource_allocation.k8s.service import (
    get_service,
    service_ctx_manager,
)
from zetta_utils.common.ctx_managers import set_env_ctx_mngr
from zetta_utils.common.partial import ComparablePartial
from zetta_utils.common.path import abspath
from zetta_utils.common.pprint import lrpad, lrpadprint, utcnow_ISO8601
from zetta_utils.common.signal_handlers import custom_signal_handler_ctx
from zetta_utils.common.timer import RepeatTimer
from zetta_utils.common.user_input import (
    InputTimedOut,
    get_user_confirmation,
    get_user_input,
    timeout_handler,
)
from zetta_utils.convnet.architecture.convblock import ConvBlock
from zetta_utils.convnet.architecture.primitives import (
    AvgPool2DFlatten,
    CenterCrop,
    Clamp,
    Crop,
    Flatten,
    MaxPool2DFlatten,
    RescaleValues,
    SplitTuple,
    Unflatten,
    UpConv,
    View,
    build_group_norm,
    sequential_builder,
    upsample_builder,
)
from zetta_utils.convnet.architecture.unet import UNet
from zetta_utils.convnet.simple_inference_runner import SimpleInferenceRunner
from zetta_utils.convnet.utils import load_model, load_weights_file, save_model
from zetta_utils.distributions.common import (
    Distribution,
    normal_distr,
    to_distribution,
    uniform_distr,
)
from zetta_utils.geometry.bbox import BBox3D
from zetta_utils.geometry.bbox_strider import BBoxStrider
from zetta_utils.geometry.vec import Vec3D, allclose, is_int_vec, is_raw_vec3d, isclose
from zetta_utils.internal.alignment.aced_relaxation import (
    compute_aced_loss_new,
    get_aced_match_offsets,
    get_aced_match_offsets_naive,
    perform_aced_relaxation,
)
from zetta_utils.internal.alignment.base_coarsener import BaseCoarsener
from zetta_utils.internal.alignment.base_encoder import BaseEncoder
from zetta_utils.internal.alignment.encoding_coarsener import EncodingCoarsener
from zetta_utils.internal.alignment.field import (
    gen_biased_perlin_noise_field,
    get_rigidity_map,
    get_rigidity_map_zcxy,
    invert_field,
    invert_field_opti,
    percentile,
    profile_field2d_percentile,
)
from zetta_utils.internal.alignment.misalignment_detector import (
    MisalignmentDetector,
    naive_misd,
)
from zetta_utils.internal.alignment.online_finetuner import align_with_online_finetuner
from zetta_utils.internal.regimes.alignment.base_encoder import BaseEncoderRegime
from zetta_utils.internal.regimes.alignment.misalignment_detector_aced import (
    MisalignmentDetectorAcedRegime,
)
from zetta_utils.internal.regimes.common import is_2d_image, log_results
from zetta_utils.internal.regimes.naive_supervised import NaiveSupervisedRegime
from zetta_utils.internal.regimes.noop import NoOpRegime
from zetta_utils.internal.segmentation.inference import run_affinities_inference_onnx
from zetta_utils.layer.backend_base import Backend
from zetta_utils.layer.db_layer.backend import DBBackend
from zetta_utils.layer.db_layer.build import build_db_layer
from zetta_utils.layer.db_layer.datastore.backend import DatastoreBackend
from zetta_utils.layer.db_layer.datastore.build import build_datastore_layer
from zetta_utils.layer.db_layer.index import DBIndex
from zetta_utils.layer.db_layer.layer import DBLayer, is_rowdata_seq, is_scalar_seq
from zetta_utils.layer.layer_base import Layer
from zetta_utils.layer.layer_set.backend import LayerSetBackend
from zetta_utils.layer.layer_set.build import build_layer_set
from zetta_utils.layer.layer_set.layer import LayerSet
from zetta_utils.layer.protocols import LayerWithIndexDataT, LayerWithIndexT
from zetta_utils.layer.tools_base import (
    DataProcessor,
    IndexChunker,
    IndexProcessor,
    JointIndexDataProcessor,
)
from zetta_utils.layer.volumetric.backend import VolumetricBackend
from zetta_utils.layer.volumetric.build import build_volumetric_layer
from zetta_utils.layer.volumetric.cloudvol.backend import CVBackend
from zetta_utils.layer.volumetric.cloudvol.build import build_cv_layer
from zetta_utils.layer.volumetric.constant.backend import ConstantVolumetricBackend
from zetta_utils.layer.volumetric.constant.build import build_constant_volumetric_layer
from zetta_utils.layer.volumetric.frontend import VolumetricFrontend
from zetta_utils.layer.volumetric.index import VolumetricIndex
from zetta_utils.layer.volumetric.layer import VolumetricLayer
from zetta_utils.layer.volumetric.layer_set.backend import VolumetricSetBackend
from zetta_utils.layer.volumetric.layer_set.build import build_volumetric_layer_set
from zetta_utils.layer.volumetric.layer_set.layer import VolumetricLayerSet
from zetta_utils.layer.volumetric.precomputed.precomputed import (
    PrecomputedInfoSpec,
    get_info,
)
from zetta_utils.layer.volumetric.protocols import VolumetricBasedLayerProtocol
from zetta_utils.layer.volumetric.tensorstore.backend import TSBackend
from zetta_utils.layer.volumetric.tensorstore.build import build_ts_layer
from zetta_utils.layer.volumetric.tools import (
    DataResolutionInterpolator,
    InvertProcessor,
    VolumetricIndexChunker,
    VolumetricIndexTranslator,
    translate_volumetric_index,
)
from zetta_utils.log import (
    InjectingFilter,
    add_supress_traceback_module,
    configure_logger,
    get_logger,
    get_time_str,
    logging_tag_ctx,
    set_logging_tag,
    set_verbosity,
    update_traceback,
)
from zetta_utils.mazepa.autoexecute_task_queue import AutoexecuteTaskQueue
from zetta_utils.mazepa.dryrun import dryrun_for_task_ids, get_expected_operation_counts
from zetta_utils.mazepa.exceptions import (
    MazepaCancel,
    MazepaException,
    MazepaExecutionFailure,
    MazepaStop,
    MazepaTimeoutError,
)
from zetta_utils.mazepa.execution import (
    Executor,
    backup_completed_tasks,
    execute,
    submit_ready_tasks,
)
from zetta_utils.mazepa.execution_checkpoint import (
    read_execution_checkpoint,
    record_execution_checkpoint,
)
from zetta_utils.mazepa.execution_state import (
    ExecutionState,
    InMemoryExecutionState,
    ProgressReport,
)
from zetta_utils.mazepa.flows import (
    Dependency,
    Flow,
    FlowSchema,
    RawFlowSchemaCls,
    concurrent_flow,
    flow_schema,
    flow_schema_cls,
    sequential_flow,
)
from zetta_utils.mazepa.id_generation import (
    generate_invocation_id,
    get_literal_id_fn,
    get_unique_id,
)
from zetta_utils.mazepa.progress_tracker import (
    ProgressUpdateFN,
    get_confirm_sigint_fn,
    progress_ctx_mngr,
)
from zetta_utils.mazepa.task_outcome import OutcomeReport, TaskOutcome, TaskStatus
from zetta_utils.mazepa.task_router import TaskRouter
from zetta_utils.mazepa.tasks import (
    RawTaskableOperationCls,
    Task,
    TaskableOperation,
    TaskUpkeepSettings,
    taskable_operation,
    taskable_operation_cls,
)
from zetta_utils.mazepa.transient_errors import (
    ExplicitTransientError,
    TransientErrorCondition,
)
from zetta_utils.mazepa.worker import AcceptAllTasks, process_task_message, run_worker
from zetta_utils.mazepa_addons.configurations.execute_on_gcp_with_sqs import (
    execute_on_gcp_with_sqs,
    get_gcp_with_sqs_config,
)
from zetta_utils.mazepa_addons.misc import test_gcs_access
from zetta_utils.mazepa_layer_processing.common.chunked_apply_flow import (
    ChunkedApplyFlowSchema,
    build_chunked_apply_flow,
)
from zetta_utils.mazepa_layer_processing.common.interpolate_flow import (
    build_interpolate_flow,
    make_interpolate_operation,
)
from zetta_utils.mazepa_layer_processing.common.subchunkable_apply_flow import (
    DelegatedSubchunkedOperation,
    build_subchunkable_apply_flow,
)
from zetta_utils.mazepa_layer_processing.common.volumetric_apply_flow import (
    Copy,
    ReduceByWeightedSum,
    VolumetricApplyFlowSchema,
    clear_cache,
    delete_if_local,
    get_blending_weights,
    get_weight_template,
    set_allow_cache,
)
from zetta_utils.mazepa_layer_processing.common.volumetric_callable_operation import (
    VolumetricCallableOperation,
    build_chunked_volumetric_callable_flow_schema,
)
from zetta_utils.mazepa_layer_processing.common.write_fn import write_fn
from zetta_utils.mazepa_layer_processing.operation_protocols import (
    ChunkableOpProtocol,
    ComputeFieldOpProtocol,
    MultiresOpProtocol,
    VolumetricOpProtocol,
)
from zetta_utils.message_queues.base import (
    MessageQueue,
    PullMessageQueue,
    PushMessageQueue,
    ReceivedMessage,
)
from zetta_utils.message_queues.serialization import deserialize, serialize, test
from zetta_utils.message_queues.sqs.queue import SQSQueue, TQTask
from zetta_utils.message_queues.sqs.utils import (
    SQSReceivedMsg,
    change_message_visibility,
    delete_msg_by_receipt_handle,
    get_queue_url,
    get_sqs_client,
    receive_msgs,
)
from zetta_utils.ng.link_builder import make_ng_link
from zetta_utils.parsing.cue import load, load_local, loads
from zetta_utils.parsing.ngl_state import (
    AnnotationKeys,
    DefaultLayerValues,
    NglLayerKeys,
    read_remote_annotations,
    write_remote_annotations,
)
from zetta_utils.tensor_mapping.tensor_mapping import TensorMapping
from zetta_utils.tensor_ops.common import (
    add,
    compare,
    crop,
    crop_center,
    divide,
    int_divide,
    interpolate,
    multiply,
    power,
    rearrange,
    reduce,
    repeat,
    squeeze,
    squeeze_to,
    unsqueeze,
    unsqueeze_to,
)
from zetta_utils.tensor_ops.convert import astype, to_float32, to_np, to_torch, to_uint8
from zetta_utils.tensor_ops.mask import (
    TensorOp,
    filter_cc,
    kornia_closing,
    kornia_dilation,
    kornia_erosion,
    kornia_opening,
    skip_on_empty_data,
)

# from zetta_utils.tensor_ops.generators import get_affine_field
from zetta_utils.training.datasets.joint_dataset import JointDataset
from zetta_utils.training.datasets.layer_dataset import LayerDataset
from zetta_utils.training.datasets.sample_indexers.base import SampleIndexer
from zetta_utils.training.datasets.sample_indexers.chain_indexer import ChainIndexer
from zetta_utils.training.datasets.sample_indexers.loop_indexer import LoopIndexer
from zetta_utils.training.datasets.sample_indexers.random_indexer import RandomIndexer
from zetta_utils.training.datasets.sample_indexers.volumetric_ngl_indexer import (
    VolumetricNGLIndexer,
)
from zetta_utils.training.datasets.sample_indexers.volumetric_strided_indexer import (
    VolumetricStridedIndexer,
)
from zetta_utils.training.lightning.train import lightning_train
from zetta_utils.training.lightning.trainers.default import (
    ConfigureTraceCallback,
    ZettaDefaultTrainer,
    get_checkpointing_callbacks,
    get_progress_bar_callbacks,
    trace_and_save_model,
)
from zetta_utils.typing import (
    ArithmeticOperand,
    check_type,
    ensure_seq_of_seq,
    get_orig_class,
)
from zetta_utils.viz.rendering import Renderer, get_img_from_fig, render_fld, render_img
from zetta_utils.viz.widgets import entry_loader, visualize_list

set_verbosity("INFO")
configure_logger()

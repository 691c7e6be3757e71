from .apply_mask_fn import apply_mask_fn
from .write_fn import write_fn

from .chunked_apply_flow import ChunkedApplyFlowSchema, build_chunked_apply_flow
from .volumetric_apply_flow import (
    VolumetricApplyFlowSchema,
)
from .subchunkable_apply_flow import (
    build_subchunkable_apply_flow,
    build_postpad_subchunkable_apply_flow,
    parse_bbox,
)
from .callable_operation import (
    CallableOperation,
    build_chunked_callable_flow_schema,
)
from .volumetric_callable_operation import (
    VolumetricCallableOperation,
    build_chunked_volumetric_callable_flow_schema,
)
from .. import ChunkableOpProtocol, VolumetricOpProtocol
from .interpolate_flow import build_interpolate_flow

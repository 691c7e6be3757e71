from . import constants
from . import exceptions

from .task_outcome import TaskOutcome, TaskStatus
from .transient_errors import TransientErrorCondition

from .tasks import (
    Task,
    TaskableOperation,
    taskable_operation,
    taskable_operation_cls,
)
from .flows import (
    Flow,
    FlowFnReturnType,
    FlowSchema,
    flow_schema,
    flow_schema_cls,
    Dependency,
    sequential_flow,
    concurrent_flow,
)
from .task_router import TaskRouter
from .autoexecute_task_queue import AutoexecuteTaskQueue

from .execution_state import ExecutionState, InMemoryExecutionState

from . import dryrun
from .progress_tracker import progress_ctx_mngr
from .execution import Executor, execute
from .worker import run_worker
from .semaphores import SemaphoreType, configure_semaphores, semaphore

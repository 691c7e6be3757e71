from .chat import DbChat, DbMessage, DbMessageEval, DbReport
from .user import DbRefreshToken, DbUser
from .worker import DbWorker, DbWorkerComplianceCheck, DbWorkerEvent, WorkerEventType

__all__ = [
    "DbChat",
    "DbMessage",
    "DbMessageEval",
    "DbReport",
    "DbRefreshToken",
    "DbUser",
    "DbWorker",
    "DbWorkerComplianceCheck",
    "DbWorkerEvent",
    "WorkerEventType",
]

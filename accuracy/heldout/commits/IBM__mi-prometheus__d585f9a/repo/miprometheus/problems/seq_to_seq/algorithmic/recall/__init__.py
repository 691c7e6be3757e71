from .operation_span import OperationSpan
from .reading_span import ReadingSpan
from .repeat_reverse_recall_cl import RepeatReverseRecallCommandLines
from .repeat_serial_recall_cl import RepeatSerialRecallCommandLines
from .reverse_recall_cl import ReverseRecallCommandLines
from .scratch_pad_cl import ScratchPadCommandLines
from .serial_recall_cl import SerialRecallCommandLines

__all__ = [
    'OperationSpan',
    'ReadingSpan',
    'RepeatReverseRecallCommandLines',
    'RepeatSerialRecallCommandLines',
    'ReverseRecallCommandLines',
    'ScratchPadCommandLines',
    'SerialRecallCommandLines'
    ]

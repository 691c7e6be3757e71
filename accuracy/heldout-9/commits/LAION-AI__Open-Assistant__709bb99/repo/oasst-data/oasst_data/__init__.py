from oasst_data.reader import (
    read_dataset_message_trees,
    read_dataset_messages,
    read_message_list,
    read_message_tree_list,
    read_message_trees,
    read_messages,
)
from oasst_data.schemas import (
    ExportMessageEvent,
    ExportMessageEventEmoji,
    ExportMessageEventRanking,
    ExportMessageEventRating,
    ExportMessageEventReport,
    ExportMessageEventScore,
    ExportMessageNode,
    ExportMessageTree,
    LabelAvgValue,
    LabelValues,
)
from oasst_data.traversal import visit_messages_depth_first, visit_threads_depth_first
from oasst_data.writer import write_message_trees, write_messages

__all__ = [
    "LabelAvgValue",
    "LabelValues",
    "ExportMessageEvent",
    "ExportMessageEventEmoji",
    "ExportMessageEventRating",
    "ExportMessageEventRanking",
    "ExportMessageEventReport",
    "ExportMessageEventScore",
    "ExportMessageNode",
    "ExportMessageTree",
    "read_message_trees",
    "read_message_tree_list",
    "read_messages",
    "read_message_list",
    "visit_threads_depth_first",
    "visit_messages_depth_first",
    "write_message_trees",
    "write_messages",
    "read_dataset_message_trees",
    "read_dataset_messages",
]

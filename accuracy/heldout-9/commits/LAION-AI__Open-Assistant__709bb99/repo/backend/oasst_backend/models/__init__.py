from .api_client import ApiClient
from .cached_stats import CachedStats
from .flagged_message import FlaggedMessage
from .journal import Journal, JournalIntegration
from .message import Message
from .message_embedding import MessageEmbedding
from .message_emoji import MessageEmoji
from .message_reaction import MessageReaction
from .message_revision import MessageRevision
from .message_toxicity import MessageToxicity
from .message_tree_state import MessageTreeState
from .task import Task
from .text_labels import TextLabels
from .troll_stats import TrollStats
from .user import User
from .user_stats import UserStats, UserStatsTimeFrame

__all__ = [
    "ApiClient",
    "User",
    "UserStats",
    "UserStatsTimeFrame",
    "Message",
    "MessageEmbedding",
    "MessageReaction",
    "MessageRevision",
    "MessageTreeState",
    "MessageToxicity",
    "Task",
    "TextLabels",
    "Journal",
    "JournalIntegration",
    "MessageEmoji",
    "TrollStats",
    "FlaggedMessage",
    "CachedStats",
]

from stanza.protobuf import to_text
from stanza.protobuf import Document, Sentence, Token, IndexedWord, Span
from stanza.protobuf import ParseTree, DependencyGraph, CorefChain
from stanza.protobuf import Mention, NERMention, Entity, Relation, RelationTriple, Timex
from stanza.protobuf import Quote, SpeakerInfo
from stanza.protobuf import Operator, Polarity
from stanza.protobuf import SentenceFragment, TokenLocation
from stanza.protobuf import MapStringString, MapIntString
from .client import CoreNLPClient, AnnotationException, TimeoutException, PermanentlyFailedException, StartServer
from .annotator import Annotator

from models import proto
from models import snail
from models import gnn
from models import metanet
from models import siamese
from models import proto_norm

from rl4co.envs.routing.atsp.env import ATSPEnv
from rl4co.envs.routing.cvrp.env import CVRPEnv
from rl4co.envs.routing.cvrptw.env import CVRPTWEnv
from rl4co.envs.routing.mdcpdp.env import MDCPDPEnv
from rl4co.envs.routing.mtsp.env import MTSPEnv
from rl4co.envs.routing.mtvrp.env import MTVRPEnv
from rl4co.envs.routing.op.env import OPEnv
from rl4co.envs.routing.pctsp.env import PCTSPEnv
from rl4co.envs.routing.pdp.env import PDPEnv, PDPRuinRepairEnv
from rl4co.envs.routing.sdvrp.env import SDVRPEnv
from rl4co.envs.routing.spctsp.env import SPCTSPEnv
from rl4co.envs.routing.svrp.env import SVRPEnv
from rl4co.envs.routing.tsp.env import TSPEnv

from rl4co.envs.routing.atsp.generator import ATSPGenerator
from rl4co.envs.routing.cvrp.generator import CVRPGenerator
from rl4co.envs.routing.cvrptw.generator import CVRPTWGenerator
from rl4co.envs.routing.mtsp.generator import MTSPGenerator
from rl4co.envs.routing.mtvrp.generator import MTVRPGenerator
from rl4co.envs.routing.op.generator import OPGenerator
from rl4co.envs.routing.pctsp.generator import PCTSPGenerator
from rl4co.envs.routing.pdp.generator import PDPGenerator
from rl4co.envs.routing.svrp.generator import SVRPGenerator
from rl4co.envs.routing.tsp.generator import TSPGenerator
from rl4co.envs.routing.mdcpdp.generator import MDCPDPGenerator
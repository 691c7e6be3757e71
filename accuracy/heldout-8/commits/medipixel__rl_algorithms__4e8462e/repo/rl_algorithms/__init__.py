from .a2c.agent import A2CAgent
from .a2c.learner import A2CLearner
from .bc.ddpg_agent import BCDDPGAgent
from .bc.ddpg_learner import BCDDPGLearner
from .bc.her import LunarLanderContinuousHER, ReacherHER
from .bc.sac_agent import BCSACAgent
from .bc.sac_learner import BCSACLearner
from .common.distributed.apex import ApeX
from .common.networks.backbones import CNN, ResNet
from .ddpg.agent import DDPGAgent
from .ddpg.learner import DDPGLearner
from .dqn.agent import DQNAgent
from .dqn.learner import DQNLearner
from .dqn.logger import DQNLogger
from .dqn.losses import C51Loss, DQNLoss, IQNLoss
from .dqn.worker import DQNWorker
from .fd.ddpg_agent import DDPGfDAgent
from .fd.ddpg_learner import DDPGfDLearner
from .fd.dqn_agent import DQfDAgent
from .fd.dqn_learner import DQfDLearner
from .fd.sac_agent import SACfDAgent
from .fd.sac_learner import SACfDLearner
from .ppo.agent import PPOAgent
from .ppo.learner import PPOLearner
from .recurrent.dqn_agent import R2D1Agent
from .recurrent.learner import R2D1Learner
from .recurrent.losses import R2D1C51Loss, R2D1DQNLoss, R2D1IQNLoss
from .registry import build_agent, build_her
from .sac.agent import SACAgent
from .sac.learner import SACLearner
from .td3.agent import TD3Agent
from .td3.learner import TD3Learner

__all__ = [
    "A2CAgent",
    "BCDDPGAgent",
    "BCSACAgent",
    "DDPGAgent",
    "DQNAgent",
    "DDPGfDAgent",
    "DQfDAgent",
    "R2D1Agent",
    "SACfDAgent",
    "PPOAgent",
    "SACAgent",
    "TD3Agent",
    "A2CLearner",
    "BCDDPGLearner",
    "BCSACLearner",
    "DDPGLearner",
    "DQNLearner",
    "DDPGfDLearner",
    "DQfDLearner",
    "SACfDLearner",
    "PPOLearner",
    "SACLearner",
    "TD3Learner",
    "R2D1Learner",
    "LunarLanderContinuousHER",
    "ReacherHER",
    "build_agent",
    "build_her",
    "CNN",
    "ResNet",
    "IQNLoss",
    "C51Loss",
    "DQNLoss",
    "R2D1IQNLoss",
    "R2D1C51Loss",
    "R2D1DQNLoss",
    "ApeX",
    "DQNWorker",
    "DQNLogger",
]

# Copyright (c) 2020 Horizon Robotics and ALF Contributors. All Rights Reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

from .actor_distribution_networks import *
from .actor_networks import *
from .containers import Branch, Parallel, Sequential, Echo
from .critic_networks import *
from .dynamics_networks import *
from .encoding_networks import *
from .mdq_critic_networks import *
from .memory import *
from .network import (Network, NaiveParallelNetwork, wrap_as_network,
                      NetworkWrapper, BatchSquashNetwork)
from .networks import *
from .normalizing_flow_networks import RealNVPNetwork
from .ou_process import OUProcess
from .param_networks import *
from .preprocessor_networks import PreprocessorNetwork
from .projection_networks import *
from .relu_mlp import ReluMLP
from .q_networks import *
from .transformer_networks import TransformerNetwork, SocialAttentionNetwork
from .value_networks import *

# Copyright (c) 2021 Horizon Robotics and ALF Contributors. All Rights Reserved.
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
"""This is the configuration to train Procgen environment with PPO

Specifically, this configuration serves as an example that trains on
bossfight, but can be adapted to other Procgen games with slgiht
modification.

Note that the default mini batch size = 4096 currently consumes 23.5
GB of GPU memory. You will need at least an RTX 3090 for training.

Most of the hyper parameters are set with courtesy of OpenAI's Phasic
Policy Gradient implementation:
https://github.com/openai/phasic-policy-gradient

"""

import alf
import alf.examples.ppo_procgen.base_conf

# Environment Configuration
alf.config('create_environment', env_name='bossfight')

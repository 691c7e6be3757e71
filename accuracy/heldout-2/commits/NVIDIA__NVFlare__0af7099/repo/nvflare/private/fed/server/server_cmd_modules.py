# Copyright (c) 2021, NVIDIA CORPORATION.  All rights reserved.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

from nvflare.fuel.hci.reg import CommandModule
from nvflare.private.fed.server.info_coll_cmd import InfoCollectorCommandModule
from nvflare.private.fed.server.job_cmds import JobCommandModule
from nvflare.private.fed.server.shell_cmd import ShellCommandModule
from nvflare.private.fed.server.sys_cmd import SystemCommandModule
from nvflare.private.fed.server.training_cmds import TrainingCommandModule


class ServerCommandModules:
    cmd_modules = [
        ShellCommandModule(),
        SystemCommandModule(),
        TrainingCommandModule(),
        JobCommandModule(),
        InfoCollectorCommandModule(),
    ]

    @staticmethod
    def register_cmd_module(cmd_module: CommandModule):
        ServerCommandModules.cmd_modules.append(cmd_module)

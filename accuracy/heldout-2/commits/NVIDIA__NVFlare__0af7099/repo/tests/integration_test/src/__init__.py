# Copyright (c) 2022, NVIDIA CORPORATION.  All rights reserved.
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

from .nvf_test_driver import NVFTestDriver, NVFTestError
from .oa_laucher import OALauncher
from .poc_site_launcher import POCSiteLauncher
from .provision_site_launcher import ProvisionSiteLauncher
from .site_launcher import ServerProperties, SiteProperties
from .utils import cleanup_path, generate_test_config_yaml_for_example, read_yaml, run_command_in_subprocess

# Copyright (c) 2023, NVIDIA CORPORATION.  All rights reserved.
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

from abc import abstractmethod
from typing import Union


class MetricComparator:
    @abstractmethod
    def compare(self, a, b) -> Union[int, float]:
        """Compare two metric values.
        Metric values do not have to be numbers.

        Args:
            a: first metric value
            b: second metric value

        Returns: negative number if a < b; 0 if a == b; positive number if a > b.

        """
        pass

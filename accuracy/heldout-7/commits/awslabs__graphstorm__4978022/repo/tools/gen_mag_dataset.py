"""
    Copyright 2023 Contributors

    Licensed under the Apache License, Version 2.0 (the "License");
    you may not use this file except in compliance with the License.
    You may obtain a copy of the License at

       http://www.apache.org/licenses/LICENSE-2.0

    Unless required by applicable law or agreed to in writing, software
    distributed under the License is distributed on an "AS IS" BASIS,
    WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
    See the License for the specific language governing permissions and
    limitations under the License.

    Tool to create the ogbn-mag example dataset.
"""
import argparse
from graphstorm.data.ogbn_mag import OGBMAGTextFeatDataset

if __name__ == '__main__':
    parser = argparse.ArgumentParser(description='Download and process OGBN-MAG data for GraphStorm')
    parser.add_argument("--filepath", type=str, default=None)
    parser.add_argument("--savepath", type=str, default=None)
    parser.add_argument("--edge-pct", type=float, default=1)
    args = parser.parse_args()

    dataset = OGBMAGTextFeatDataset(args.filepath,
                                    edge_pct=args.edge_pct)
    dataset.save_graphs(args.savepath)
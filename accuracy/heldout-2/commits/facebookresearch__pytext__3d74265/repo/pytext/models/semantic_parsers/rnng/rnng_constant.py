#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

ROOT_ELEMENT = -1
TERMINAL_ELEMENT = -1
TREE_ELEMENT = -100
BATCH_SIZE = 1

#!/usr/bin/env python3
# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved

from .serialize import load, save
from .task import Task, TaskBase, create_task


__all__ = ["Task", "TaskBase", "save", "load", "create_task"]

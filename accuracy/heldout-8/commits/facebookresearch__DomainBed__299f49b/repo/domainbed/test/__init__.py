# Copyright (c) Facebook, Inc. and its affiliates. All Rights Reserved



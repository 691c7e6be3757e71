# -*- coding: utf-8 -*-
from .bucket import BucketBatchSampler

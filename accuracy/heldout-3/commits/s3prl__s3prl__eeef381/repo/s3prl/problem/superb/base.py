import logging

import torch.nn as nn

from s3prl import Container, field
from s3prl.base import Logs
from s3prl.dataset.base import SequentialDataPipe
from s3prl.nn import S3PRLUpstream, UpstreamDriver, UpstreamDownstreamModel
from s3prl.problem.base import Problem
from s3prl.problem.trainer import Trainer
from s3prl.util import workspace
from s3prl.util.configuration import default_cfg
from s3prl.util.workspace import Workspace, as_type
from s3prl.util.seed import fix_random_seeds

logger = logging.getLogger(__name__)


class SuperbProblem(Problem, Trainer):
    @default_cfg(
        workspace=field(
            "???",
            "\nWill put the following keys into this workspace:\n"
            "  'train_dataset', 'train_sampler', 'valid_dataset', 'valid_sampler', and 'task'",
            "str or Path or Workspace",
        ),
        corpus=dict(
            _cls=field(
                "???",
                "\nThe corpus class. You can add the **kwargs right below this _cls key",
                str,
            ),
            dataset_root=field("???", "The root path of the corpus", str),
        ),
        train_datapipe={
            "0": dict(
                _cls=field(
                    "???",
                    "\nThe first datapipe class to be applied to the corpus. You can add the **kwargs right below this _cls key",
                    str,
                ),
            )
        },
        train_sampler=dict(
            _cls=field(
                "???",
                "\nThe batch sampler class. You can add the **kwargs right below this _cls key",
                str,
            ),
        ),
        valid_datapipe={
            "0": dict(
                _cls=field(
                    "???",
                    "\nThe first datapipe class to be applied to the corpus. You can add the **kwargs right below this _cls key",
                    str,
                ),
            )
        },
        valid_sampler=dict(
            _cls=field(
                "???",
                "\nThe batch sampler class. You can add the **kwargs right below this _cls key",
                str,
            ),
        ),
        test_datapipe={
            "0": dict(
                _cls=field(
                    "???",
                    "\nThe first datapipe class to be applied to the corpus. You can add the **kwargs right below this _cls key",
                    str,
                ),
            )
        },
        test_sampler=dict(
            _cls=field(
                "???",
                "\nThe batch sampler class. You can add the **kwargs right below this _cls key",
                str,
            ),
        ),
        upstream=dict(
            _cls=field(
                UpstreamDriver,
                "\nThe class of the upstream model following the specific interface. You can add the **kwargs right below this _cls key",
                str,
            ),
            cls=field(S3PRLUpstream, "The callable to create the upstream model"),
            cfg=field(
                dict(
                    name="???",
                    feature_selection="hidden_states",
                ),
                "The **kwds for the cls callable for the upstream model",
            ),
            freeze_upstream=field(
                True,
                "Set the entire upstream model's requires_grad to False, or else, leave it alone",
            ),
            normalize=field(
                False, "Apply layer-norm to upstream model's each layer hidden_state"
            ),
            weighted_sum=field(
                True,
                "If True, apply weighted-sum on the selected layers; If False, take the final layer.\n"
                "For the selected layers, see the 'layer_selections' option",
            ),
            layer_selections=field(
                None,
                "If None, select all layers; Or, select the subset layers defined by this option",
            ),
        ),
        downstream=dict(
            _cls=field(
                "???",
                "\nThe downstream model class for each task. You can add the **kwargs right below this _cls key",
                str,
            ),
        ),
        task=dict(
            _cls=field(
                "???",
                "\nThe task class defining what to do for each train/valid/test step in the train/valid/test dataloader loop"
                "\nYou can add the **kwargs right below this _cls key",
                str,
            ),
        ),
    )
    @classmethod
    def setup(cls, **cfg) -> Container:
        cfg = Container(cfg)
        workspace = Workspace(cfg.workspace)
        fix_random_seeds()

        if not isinstance(cfg.upstream, nn.Module):
            upstream = cfg.upstream()
        else:
            upstream = cfg.upstream

        stats = Container(
            feat_frame_shift=upstream.downsample_rate,
        )

        logger.info("Preparing corpus")
        train_data, valid_data, test_data, corpus_stats = cfg.corpus().split(3)
        stats.add(corpus_stats)

        logger.info("Preparing train data")
        train_dataset = SequentialDataPipe(*cfg.train_datapipe.tolist(), **stats)(
            train_data, **stats
        )
        train_sampler = cfg.train_sampler(train_dataset)
        stats.add(train_dataset.all_tools())

        logger.info("Preparing valid data")
        valid_dataset = SequentialDataPipe(*cfg.valid_datapipe.tolist(), **stats)(
            valid_data, **stats
        )
        valid_sampler = cfg.valid_sampler(valid_dataset)

        logger.info("Preparing test data")
        test_dataset = SequentialDataPipe(*cfg.test_datapipe.tolist(), **stats)(
            test_data, **stats
        )
        test_sampler = cfg.test_sampler(test_dataset)

        logger.info("Preparing model and task")
        downstream = cfg.downstream(upstream.output_size, **stats)
        model = UpstreamDownstreamModel(upstream, downstream)
        task = cfg.task(model, **stats)

        workspace["train_data"] = train_data
        workspace["valid_data"] = valid_data
        workspace["test_data"] = test_data
        workspace["train_dataset"] = train_dataset
        workspace["train_sampler"] = train_sampler
        workspace["valid_dataset"] = valid_dataset
        workspace["valid_sampler"] = valid_sampler
        workspace["test_dataset"] = test_dataset
        workspace["test_sampler"] = test_sampler
        workspace["task"] = task
        workspace.environ.update(stats)

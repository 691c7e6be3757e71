import warnings

import hydra
import torch
from hydra.utils import instantiate
from omegaconf import OmegaConf

from src.datasets.data_utils import get_dataloaders
from src.utils.init_utils import set_random_seed, setup_saving_and_logging

warnings.filterwarnings("ignore", category=UserWarning)
warnings.filterwarnings("ignore", category=FutureWarning)


@hydra.main(version_base=None, config_path="src/configs", config_name="gan")
def main(config):
    """
    Main script for training. Instantiates the model, optimizer, scheduler,
    metrics, logger, writer, and dataloaders. Runs Trainer to train and
    evaluate the model.

    Args:
        config (DictConfig): hydra experiment config.
    """
    set_random_seed(config.trainer.seed)

    project_config = OmegaConf.to_container(config)
    logger = setup_saving_and_logging(config)
    writer = instantiate(config.writer, logger, project_config)

    if config.trainer.device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    else:
        device = config.trainer.device

    # setup data_loader instances
    # batch_transforms should be put on device
    dataloaders, batch_transforms = get_dataloaders(config, device)

    # build model architecture, then print to console
    model = instantiate(config.model).to(device)
    logger.info(model)

    # get function handles of loss and metrics
    loss_function = instantiate(config.loss_function).to(device)
    metrics = instantiate(config.metrics)

    # build optimizers, learning rate schedulers
    optimizers = dict()
    lr_schedulers = dict()
    for name in config.optimizers.keys():
        trainable_params = filter(
            lambda p: p.requires_grad, getattr(model, f"{name}_net").parameters()
        )
        optimizers[name] = instantiate(config.optimizers[name], params=trainable_params)
        lr_schedulers[name] = instantiate(
            config.lr_schedulers[name], optimizer=optimizers[name]
        )

    # epoch_len = number of iterations for iteration-based training
    # epoch_len = None or len(dataloader) for epoch-based training
    epoch_len = config.trainer.get("epoch_len")

    # workaround for instantiate function having config as a parameter
    trainer_class = instantiate(config.trainer_class, _partial_=True)
    trainer = trainer_class(
        model=model,
        criterion=loss_function,
        metrics=metrics,
        optimizers=optimizers,
        lr_schedulers=lr_schedulers,
        config=config,
        device=device,
        dataloaders=dataloaders,
        epoch_len=epoch_len,
        logger=logger,
        writer=writer,
        batch_transforms=batch_transforms,
        skip_oom=config.trainer.get("skip_oom", True),
    )

    trainer.train()


if __name__ == "__main__":
    main()

from ludwig.automl.automl import auto_train, cli_init_config, create_auto_config, train_with_config  # noqa

from ludwig.schema.features.loss.loss import get_loss_classes, get_loss_cls, get_loss_schema_registry  # noqa

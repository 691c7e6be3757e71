import ludwig.schema.encoders.image.base
import ludwig.schema.encoders.image.torchvision  # noqa

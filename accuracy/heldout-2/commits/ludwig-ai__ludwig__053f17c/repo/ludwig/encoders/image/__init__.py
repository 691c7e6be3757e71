import ludwig.encoders.image.base
import ludwig.encoders.image.torchvision  # noqa

from .dummy_post_processor import DummyPostProcessor  # noqa
from .dummy_post_processor_parameters import DummyPostProcessorParameters  # noqa
from .post_processor_parameters import PostProcessorParameters  # noqa
from .post_processor import PostProcessor  # noqa
from .threshold_post_processor import ThresholdPostProcessor  # noqa
from .threshold_post_processor_parameters import ThresholdPostProcessorParameters  # noqa
from .argmax_post_processor import ArgmaxPostProcessor  # noqa
from .argmax_post_processor_parameters import ArgmaxPostProcessorParameters  # noqa
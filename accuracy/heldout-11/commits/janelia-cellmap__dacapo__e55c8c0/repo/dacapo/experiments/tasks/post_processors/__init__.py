from .dummy_post_processor import DummyPostProcessor  # noqa
from .dummy_post_processor_parameters import DummyPostProcessorParameters  # noqa
from .post_processor_parameters import PostProcessorParameters  # noqa
from .post_processor import PostProcessor  # noqa
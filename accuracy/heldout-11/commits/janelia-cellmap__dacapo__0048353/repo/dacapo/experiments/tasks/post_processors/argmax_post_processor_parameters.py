from .post_processor_parameters import PostProcessorParameters
import attr


@attr.s
class ArgmaxPostProcessorParameters(PostProcessorParameters):
    pass

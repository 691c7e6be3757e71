"""
Module providing expectation over transformations.
"""
from art.preprocessing.expectation_over_transformation.image_center_crop.pytorch import EoTImageCenterCropPyTorch
from art.preprocessing.expectation_over_transformation.image_rotation.tensorflow import EoTImageRotationTensorFlow
from art.preprocessing.expectation_over_transformation.image_rotation.pytorch import EoTImageRotationPyTorch
from art.preprocessing.expectation_over_transformation.natural_corruptions.brightness.pytorch import (
    EoTBrightnessPyTorch,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.brightness.tensorflow import (
    EoTBrightnessTensorFlow,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.contrast.pytorch import EoTContrastPyTorch
from art.preprocessing.expectation_over_transformation.natural_corruptions.contrast.tensorflow import (
    EoTContrastTensorFlow,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.gaussian_noise.pytorch import (
    EoTGaussianNoisePyTorch,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.gaussian_noise.tensorflow import (
    EoTGaussianNoiseTensorFlow,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.shot_noise.pytorch import EoTShotNoisePyTorch
from art.preprocessing.expectation_over_transformation.natural_corruptions.shot_noise.tensorflow import (
    EoTShotNoiseTensorFlow,
)
from art.preprocessing.expectation_over_transformation.natural_corruptions.zoom_blur.pytorch import EoTZoomBlurPyTorch
from art.preprocessing.expectation_over_transformation.natural_corruptions.zoom_blur.tensorflow import (
    EoTZoomBlurTensorFlow,
)

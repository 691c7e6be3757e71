#!/usr/bin/env python3

from ._core.integrated_gradients import IntegratedGradients  # noqa
from ._core.deep_lift import DeepLift, DeepLiftShap  # noqa
from ._core.input_x_gradient import InputXGradient  # noqa
from ._core.saliency import Saliency  # noqa
from ._core.noise_tunnel import NoiseTunnel  # noqa
from ._core.gradient_shap import GradientShap  # noqa
from ._core.guided_backprop_deconvnet import GuidedBackprop, Deconvolution  # noqa
from ._core.guided_grad_cam import GuidedGradCam  # noqa
from ._core.feature_ablation import FeatureAblation  # noqa
from ._core.perm_feature_importance import PermutationFeatureImportance  # noqa
from ._core.occlusion import Occlusion  # noqa
from ._core.layer.layer_conductance import LayerConductance  # noqa
from ._core.layer.layer_gradient_x_activation import LayerGradientXActivation  # noqa
from ._core.layer.layer_activation import LayerActivation  # noqa
from ._core.layer.internal_influence import InternalInfluence  # noqa
from ._core.layer.grad_cam import LayerGradCam  # noqa
from ._core.layer.layer_deep_lift import LayerDeepLift, LayerDeepLiftShap  # noqa
from ._core.layer.layer_gradient_shap import LayerGradientShap  # noqa
from ._core.layer.layer_integrated_gradients import LayerIntegratedGradients  # noqa
from ._core.neuron.neuron_feature_ablation import NeuronFeatureAblation  # noqa
from ._core.neuron.neuron_conductance import NeuronConductance  # noqa
from ._core.neuron.neuron_gradient import NeuronGradient  # noqa
from ._core.neuron.neuron_integrated_gradients import NeuronIntegratedGradients  # noqa
from ._core.neuron.neuron_deep_lift import NeuronDeepLift, NeuronDeepLiftShap  # noqa
from ._core.neuron.neuron_gradient_shap import NeuronGradientShap  # noqa
from ._core.neuron.neuron_guided_backprop_deconvnet import (
    NeuronDeconvolution,
    NeuronGuidedBackprop,
)  # noqa

from ._models.base import (
    InterpretableEmbeddingBase,
    TokenReferenceBase,
    configure_interpretable_embedding_layer,
    remove_interpretable_embedding_layer,
)  # noqa
from ._utils.attribution import Attribution  # noqa
from ._utils.attribution import GradientAttribution  # noqa
from ._utils.attribution import PerturbationAttribution  # noqa
from ._utils.attribution import LayerAttribution  # noqa
from ._utils.attribution import NeuronAttribution  # noqa
from ._utils import visualization  # noqa
from ._utils.summarizer import Summarizer, CommonSummarizer
from ._utils.stat import Mean, StdDev, MSE, Var, Min, Max, Sum, Count


__all__ = [
    "Attribution",
    "GradientAttribution",
    "PerturbationAttribution",
    "NeuronAttribution",
    "LayerAttribution",
    "IntegratedGradients",
    "DeepLift",
    "DeepLiftShap",
    "InputXGradient",
    "Saliency",
    "GuidedBackprop",
    "Deconvolution",
    "GuidedGradCam",
    "FeatureAblation",
    "PermutationFeatureImportance",
    "Occlusion",
    "LayerConductance",
    "LayerGradientXActivation",
    "LayerActivation",
    "InternalInfluence",
    "LayerGradCam",
    "LayerDeepLift",
    "LayerDeepLiftShap",
    "LayerGradientShap",
    "LayerIntegratedGradients",
    "NeuronConductance",
    "NeuronFeatureAblation",
    "NeuronGradient",
    "NeuronIntegratedGradients",
    "NeuronDeepLift",
    "NeuronDeepLiftShap",
    "NeuronGradientShap",
    "NeuronDeconvolution",
    "NeuronGuidedBackprop",
    "NoiseTunnel",
    "GradientShap",
    "InterpretableEmbeddingBase",
    "TokenReferenceBase",
    "visualization",
    "configure_interpretable_embedding_layer",
    "remove_interpretable_embedding_layer",
    "Summarizer",
    "CommonSummarizer",
    "Mean",
    "StdDev",
    "MSE",
    "Var",
    "Min",
    "Max",
    "Sum",
    "Count",
]

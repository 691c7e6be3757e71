"""
Poison detection defence API. Use the :class:`.PoisonFilteringDefence` wrapper to be able to apply a defence for a
preexisting model.
"""
from art.defences.detector.poison.poison_filtering_defence import PoisonFilteringDefence
from art.defences.detector.poison.ground_truth_evaluator import GroundTruthEvaluator
from art.defences.detector.poison.activation_defence import ActivationDefence
from art.defences.detector.poison.clustering_analyzer import ClusteringAnalyzer
from art.defences.detector.poison.provenance_defense import ProvenanceDefense
from art.defences.detector.poison.roni import RONIDefense
from art.defences.detector.poison.spectral_signature_defense import SpectralSignatureDefense

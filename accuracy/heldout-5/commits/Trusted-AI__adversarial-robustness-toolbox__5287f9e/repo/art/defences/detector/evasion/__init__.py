"""
Module implementing detector-based defences against evasion attacks.
"""
from art.defences.detector.evasion.evasion_detector import EvasionDetector
from art.defences.detector.evasion.binary_input_detector import BinaryInputDetector
from art.defences.detector.evasion.binary_activation_detector import BinaryActivationDetector
from art.defences.detector.evasion.subsetscanning.detector import SubsetScanningDetector

# Test module for Classifier

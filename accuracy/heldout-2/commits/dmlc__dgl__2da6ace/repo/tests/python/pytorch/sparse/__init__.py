""" DGL sparse tests"""

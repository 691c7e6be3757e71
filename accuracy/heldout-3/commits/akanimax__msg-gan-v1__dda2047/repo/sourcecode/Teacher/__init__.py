""" Package has implementation of Teacher project
    The gan architecture supplies gradients to the generator
    at different scales for image Generation
"""
import Teacher.TeacherGAN
import Teacher.CustomLayers
import Teacher.Losses

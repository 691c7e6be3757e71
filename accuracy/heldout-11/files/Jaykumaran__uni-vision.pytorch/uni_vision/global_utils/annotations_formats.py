import os
import cv2





# ********** DETECTION ******************
def coco2yolo():



def yolo2coco():
    
    
    
def pascal2yolo():
    
    

def yolo2pascal():
    
    
def pascal2coco():
    
    
def coco2pascal():
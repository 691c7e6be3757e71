"""
Default packages import and settings.
"""
import os 
import shutil 
import sys 

## set the default path of source code
source_path = os.path.join(os.path.dirname(os.getcwd()))
sys.path.append(source_path)


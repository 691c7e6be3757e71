# Copyright (c) Microsoft Corporation.
# Licensed under the MIT License.

class BaseDataLoader():
    def __init__(self):
        pass
    
    def initialize(self, opt):
        self.opt = opt
        pass

    def load_data():
        return None

        
        

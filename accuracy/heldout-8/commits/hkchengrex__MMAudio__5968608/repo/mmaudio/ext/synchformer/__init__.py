from mmaudio.ext.synchformer.synchformer import Synchformer

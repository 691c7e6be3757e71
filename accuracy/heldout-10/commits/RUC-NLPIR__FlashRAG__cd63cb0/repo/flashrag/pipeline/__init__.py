from flashrag.pipeline.pipeline import *
from flashrag.pipeline.branching_pipeline import REPLUGPipeline, SuRePipeline
from flashrag.pipeline.active_pipeline import IterativePipeline, SelfRAGPipeline, FLAREPipeline, SelfAskPipeline, IRCOTPipeline
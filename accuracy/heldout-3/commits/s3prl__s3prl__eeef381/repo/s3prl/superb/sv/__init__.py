from s3prl.task import SpeakerVerification as Task
from s3prl.nn import speaker_embedding_extractor

from s3prl.dataset import SpeakerClassificationDataset as TrainDataset
from s3prl.sampler import MaxTimestampBatchSampler as TrainSampler

from s3prl.dataset import SpeakerClassificationDataset as ValidDataset
from s3prl.sampler import MaxTimestampBatchSampler as ValidSampler

from s3prl.dataset import SpeakerTrialDataset as TestDataset
from s3prl.sampler import FixedBatchSizeBatchSampler as TestSampler

from s3prl.preprocessor import VoxCeleb1SVPreprocessor as Preprocessor

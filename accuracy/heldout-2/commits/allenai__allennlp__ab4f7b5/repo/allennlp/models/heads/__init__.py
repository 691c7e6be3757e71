from allennlp.models.heads.head import Head
from allennlp.models.heads.classifier_head import ClassifierHead

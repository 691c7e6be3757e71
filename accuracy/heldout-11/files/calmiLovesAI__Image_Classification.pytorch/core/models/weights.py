class ViT_Weights:
    vit_b_16_weights_url = "https://download.pytorch.org/models/vit_b_16-c867db91.pth"
    vit_b_32_weights_url = "https://download.pytorch.org/models/vit_b_32-d86f8d99.pth"
    vit_l_16_weights_url = "https://download.pytorch.org/models/vit_l_16-852ce7e3.pth"
    vit_l_32_weights_url = "https://download.pytorch.org/models/vit_l_32-c7638314.pth"
    vit_h_14_weights_url = "https://download.pytorch.org/models/vit_h_14_swag-80465313.pth"


class ResNet_Weights:
    resnet_18_weights_url = "https://download.pytorch.org/models/resnet18-f37072fd.pth"
    resnet_34_weights_url = "https://download.pytorch.org/models/resnet34-b627a593.pth"
    resnet_50_weights_url = "https://download.pytorch.org/models/resnet50-11ad3fa6.pth"
    resnet_101_weights_url = "https://download.pytorch.org/models/resnet101-cd907fc2.pth"
    resnet_152_weights_url = "https://download.pytorch.org/models/resnet152-f82ba261.pth"
    resnext_50_32x4d_weights_url = "https://download.pytorch.org/models/resnext50_32x4d-1a0047aa.pth"
    resnext_101_32x8d_weights_url = "https://download.pytorch.org/models/resnext101_32x8d-110c445d.pth"
    resnext_101_64x4d_weights_url = "https://download.pytorch.org/models/resnext101_64x4d-173b62eb.pth"
    wide_resnet_50_2_weights_url = "https://download.pytorch.org/models/wide_resnet50_2-9ba9bcbe.pth"
    wide_resnet_101_2_weights_url = "https://download.pytorch.org/models/wide_resnet101_2-d733dc28.pth"


class RegNet_Weights:
    regnet_y_400mf_weights_url = "https://download.pytorch.org/models/regnet_y_400mf-e6988f5f.pth"
    regnet_y_800mf_weights_url = "https://download.pytorch.org/models/regnet_y_800mf-58fc7688.pth"
    regnet_y_1_6gf_weights_url = "https://download.pytorch.org/models/regnet_y_1_6gf-0d7bc02a.pth"
    regnet_y_3_2gf_weights_url = "https://download.pytorch.org/models/regnet_y_3_2gf-9180c971.pth"
    regnet_y_8gf_weights_url = "https://download.pytorch.org/models/regnet_y_8gf-dc2b1b54.pth"
    regnet_y_16gf_weights_url = "https://download.pytorch.org/models/regnet_y_16gf-3e4a00f9.pth"
    regnet_y_32gf_weights_url = "https://download.pytorch.org/models/regnet_y_32gf-8db6d4b5.pth"
    regnet_y_128gf_weights_url = "https://download.pytorch.org/models/regnet_y_128gf_swag-c8ce3e52.pth"


class MobileNet_Weights:
    mobilenet_v2_weights_url = "https://download.pytorch.org/models/mobilenet_v2-7ebf99e0.pth"
    mobilenet_v3_large_weights_url = "https://download.pytorch.org/models/mobilenet_v3_large-5c1a4163.pth"
    mobilenet_v3_small_weights_url = "https://download.pytorch.org/models/mobilenet_v3_small-047dcff4.pth"


class ShuffleNetV2_Weights:
    shufflenet_v2_x0_5_weights_url = "https://download.pytorch.org/models/shufflenetv2_x0.5-f707e7126e.pth"
    shufflenet_v2_x1_0_weights_url = "https://download.pytorch.org/models/shufflenetv2_x1-5666bf0f80.pth"
    shufflenet_v2_x1_5_weights_url = "https://download.pytorch.org/models/shufflenetv2_x1_5-3c479a10.pth"
    shufflenet_v2_x2_0_weights_url = "https://download.pytorch.org/models/shufflenetv2_x2_0-8be3c8ee.pth"


class EfficientNet_Weights:
    efficientnet_b0_weights_url = "https://download.pytorch.org/models/efficientnet_b0_rwightman-3dd342df.pth"
    efficientnet_v2_s_weights_url = "https://download.pytorch.org/models/efficientnet_v2_s-dd5fe13b.pth"


class ConvNeXt_Weights:
    convnext_tiny_weights_url = "https://download.pytorch.org/models/convnext_tiny-983f1562.pth"
    convnext_small_weights_url = "https://download.pytorch.org/models/convnext_small-0c510722.pth"
    convnext_base_weights_url = "https://download.pytorch.org/models/convnext_base-6075fbad.pth"
    convnext_large_weights_url = "https://download.pytorch.org/models/convnext_large-ea097f82.pth"
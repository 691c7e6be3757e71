# Copyright 2020 Dakewe Biotech Corporation. All Rights Reserved.
# Licensed under the Apache License, Version 2.0 (the "License");
#   you may not use this file except in compliance with the License.
#   You may obtain a copy of the License at
#
#       http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
# ==============================================================================
import math
import os

import numpy as np
import scipy
import scipy.io
import scipy.ndimage
import scipy.special
from PIL import Image

__all__ = [
    "aggd_features", "niqe", "compute_image_mscn_transform", "extract_on_patches", "get_patches_test_features",
    "gen_gauss_window", "ggd_features", "paired_product"
]

# Define some parameters
gamma_range = np.arange(0.2, 10, 0.001)
a = scipy.special.gamma(2.0 / gamma_range)
a *= a
b = scipy.special.gamma(1.0 / gamma_range)
c = scipy.special.gamma(3.0 / gamma_range)
prec_gammas = a / (b * c)


def aggd_features(imdata):
    # flatten imdata
    imdata.shape = (len(imdata.flat),)
    imdata2 = imdata * imdata
    left_data = imdata2[imdata < 0]
    right_data = imdata2[imdata >= 0]
    left_mean_sqrt = 0
    right_mean_sqrt = 0
    if len(left_data) > 0:
        left_mean_sqrt = np.sqrt(np.average(left_data))
    if len(right_data) > 0:
        right_mean_sqrt = np.sqrt(np.average(right_data))

    if right_mean_sqrt != 0:
        gamma_hat = left_mean_sqrt / right_mean_sqrt
    else:
        gamma_hat = np.inf
    # solve r-hat norm

    imdata2_mean = np.mean(imdata2)
    if imdata2_mean != 0:
        r_hat = (np.average(np.abs(imdata)) ** 2) / (np.average(imdata2))
    else:
        r_hat = np.inf
    rhat_norm = r_hat * (((math.pow(gamma_hat, 3) + 1) * (gamma_hat + 1)) / math.pow(math.pow(gamma_hat, 2) + 1, 2))

    # solve alpha by guessing values that minimize ro
    pos = np.argmin((prec_gammas - rhat_norm) ** 2)
    alpha = gamma_range[pos]

    gam1 = scipy.special.gamma(1.0 / alpha)
    gam2 = scipy.special.gamma(2.0 / alpha)
    gam3 = scipy.special.gamma(3.0 / alpha)

    aggdratio = np.sqrt(gam1) / np.sqrt(gam3)
    bl = aggdratio * left_mean_sqrt
    br = aggdratio * right_mean_sqrt

    # mean parameter
    N = (br - bl) * (gam2 / gam1)  # *aggdratio
    return alpha, N, bl, br, left_mean_sqrt, right_mean_sqrt


def niqe(filename):
    r"""Assessment of natural image quality

    Args:
        filename (str): Image path to be evaluated.

    Returns:
        Niqe score.

    """
    patch_size = 32
    params = scipy.io.loadmat(os.path.join("data", "niqe_image_params.mat"))
    pop_mu = np.ravel(params["pop_mu"])
    pop_cov = params["pop_cov"]

    img = np.array(Image.open(filename).convert("LA"))[:, :, 0]

    M, N = img.shape

    # assert C == 1, "niqe called with videos containing %d channels.
    # Please supply only the luminance channel" % (C,)
    assert M > (patch_size * 2 + 1), "niqe called with small frame size, requires > 192x192 resolution video " \
                                     "using current training parameters"
    assert N > (patch_size * 2 + 1), "niqe called with small frame size, requires > 192x192 resolution video " \
                                     "using current training parameters"

    feats = get_patches_test_features(img, patch_size)
    sample_mu = np.mean(feats, axis=0)
    sample_cov = np.cov(feats.T)

    X = sample_mu - pop_mu
    covmat = ((pop_cov + sample_cov) / 2.0)
    pinvmat = scipy.linalg.pinv(covmat)
    niqe_score = np.sqrt(np.dot(np.dot(X, pinvmat), X))

    return niqe_score


def compute_image_mscn_transform(image, C=1, avg_window=None, extend_mode="constant"):
    if avg_window is None:
        avg_window = gen_gauss_window(3, 7.0 / 6.0)
    assert len(np.shape(image)) == 2
    h, w = np.shape(image)
    mu_image = np.zeros((h, w), dtype=np.float32)
    var_image = np.zeros((h, w), dtype=np.float32)
    image = np.array(image).astype("float32")
    scipy.ndimage.correlate1d(image, avg_window, 0, mu_image, mode=extend_mode)
    scipy.ndimage.correlate1d(mu_image, avg_window, 1, mu_image, mode=extend_mode)
    scipy.ndimage.correlate1d(image ** 2, avg_window, 0, var_image, mode=extend_mode)
    scipy.ndimage.correlate1d(var_image, avg_window, 1, var_image, mode=extend_mode)
    var_image = np.sqrt(np.abs(var_image - mu_image ** 2))
    return (image - mu_image) / (var_image + C), var_image, mu_image


def extract_on_patches(img, patch_size):
    r"""The feature parameters are extracted from the trained general features

    Args:
        img (np.array): Image data read by opencv
        patch_size (int): Number of image patch

    Returns:
        Feature parameters.

    """
    h, w = img.shape
    patch_size = np.int(patch_size)
    patches = []
    for j in range(0, h - patch_size + 1, patch_size):
        for i in range(0, w - patch_size + 1, patch_size):
            patch = img[j:j + patch_size, i:i + patch_size]
            patches.append(patch)

    patches = np.array(patches)

    patch_features = []
    for p in patches:
        alpha_m, N, bl, br, lsq, rsq = aggd_features(p.copy())
        pps1, pps2, pps3, pps4 = paired_product(p)
        alpha1, N1, bl1, br1, lsq1, rsq1 = aggd_features(pps1)
        alpha2, N2, bl2, br2, lsq2, rsq2 = aggd_features(pps2)
        alpha3, N3, bl3, br3, lsq3, rsq3 = aggd_features(pps3)
        alpha4, N4, bl4, br4, lsq4, rsq4 = aggd_features(pps4)
        extract_subband_features = np.array([alpha_m, (bl + br) / 2.0,
                                             alpha1, N1, bl1, br1,  # (V)
                                             alpha2, N2, bl2, br2,  # (H)
                                             alpha3, N3, bl3, bl3,  # (D1)
                                             alpha4, N4, bl4, bl4,  # (D2)
                                             ])
        patch_features.append(extract_subband_features)
    patch_features = np.array(patch_features)

    return patch_features


def get_patches_test_features(img, patch_size):
    r"""Get the general features in each block of the test image

    Args:
        img (np.array): Image data read by opencv
        patch_size (int): Number of image patch

    Returns:
        General test features

    """
    h, w = np.shape(img)
    if h < patch_size or w < patch_size:
        print("Input image is too small")
        exit(0)

    # ensure that the patch divides evenly into img
    hoffset = (h % patch_size)
    woffset = (w % patch_size)

    if hoffset > 0:
        img = img[:-hoffset, :]
    if woffset > 0:
        img = img[:, :-woffset]

    img = img.astype(np.float32)
    img2 = Image.fromarray(img).resize(size=(h // 2, w // 2), resample=Image.BICUBIC)

    mscn1, var, mu = compute_image_mscn_transform(img)
    mscn1 = mscn1.astype(np.float32)

    mscn2, _, _ = compute_image_mscn_transform(img2)
    mscn2 = mscn2.astype(np.float32)

    feats_lvl1 = extract_on_patches(mscn1, patch_size)
    feats_lvl2 = extract_on_patches(mscn2, patch_size // 2)

    features = np.hstack((feats_lvl1, feats_lvl2))  # feats_lvl3))
    return features


def gen_gauss_window(lw, sigma):
    sd = np.float32(sigma)
    lw = int(lw)
    weights = [0.0] * (2 * lw + 1)
    weights[lw] = 1.0
    sum = 1.0
    sd *= sd
    for ii in range(1, lw + 1):
        tmp = np.exp(-0.5 * np.float32(ii * ii) / sd)
        weights[lw + ii] = tmp
        weights[lw - ii] = tmp
        sum += 2.0 * tmp
    for ii in range(2 * lw + 1):
        weights[ii] /= sum
    return weights


def ggd_features(imdata):
    nr_gam = 1 / prec_gammas
    sigma_sq = np.var(imdata)
    E = np.mean(np.abs(imdata))
    rho = sigma_sq / E ** 2
    pos = np.argmin(np.abs(nr_gam - rho))
    return gamma_range[pos], sigma_sq


def paired_product(new_im):
    shift1 = np.roll(new_im.copy(), 1, axis=1)
    shift2 = np.roll(new_im.copy(), 1, axis=0)
    shift3 = np.roll(np.roll(new_im.copy(), 1, axis=0), 1, axis=1)
    shift4 = np.roll(np.roll(new_im.copy(), 1, axis=0), -1, axis=1)

    H_img = shift1 * new_im
    V_img = shift2 * new_im
    D1_img = shift3 * new_im
    D2_img = shift4 * new_im

    return H_img, V_img, D1_img, D2_img

import { describe, expect, it } from 'vitest';
import { API_ERROR_MESSAGES } from './api-responses';
import { PASSWORD_MESSAGES, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES } from './auth';
import { badgeTitle } from './badges';
import { CHALLENGE_MESSAGES, deleteChallengeTitle } from './challenges';
import { COMMON_MESSAGES, imageDimensionsMessage, selectionCountText, UPGRADE_MESSAGES } from './common';
import {
  ADD_CUSTOMER_MESSAGES,
  activateFailedTitle,
  CUSTOMER_STATUS_MESSAGES,
  suspendFailedTitle,
} from './customers';
import {
  fieldLabel,
  invalidEmailMessage,
  maxLengthMessage,
  notEqualMessage,
  numberMessage,
  phoneNumberMessage,
  requiredMessage,
  urlMessage,
} from './form-rules';
import { HTTP_CLIENT_MESSAGES } from './http';
import { segmentPlayersHeading } from './segments';

describe('generic form rules', () => {
  it('shows underscores as spaces', () => {
    expect(fieldLabel('cell_number')).toBe('cell number');
    expect(requiredMessage('cell_number')).toBe('cell number is required');
    expect(requiredMessage('Name')).toBe('Name is required');
  });

  it('words each rule as spec 1 §5 does', () => {
    expect(invalidEmailMessage('email')).toBe('email must be a valid email address');
    expect(phoneNumberMessage('contact_number')).toBe('contact number must be a 10-digit phone number');
    expect(maxLengthMessage('title', 120)).toBe('title must not be more than 120');
    expect(numberMessage('delivery_fee')).toBe('delivery fee must be a number');
    expect(urlMessage('website')).toBe('website must not include http:// or https://');
    expect(notEqualMessage('password')).toBe('password(s) do not match');
  });
});

describe('verbatim messages', () => {
  it('keeps the spec punctuation', () => {
    expect(SIGN_UP_MESSAGES.nameRequired).toBe('Name is required.');
    expect(SIGN_UP_MESSAGES.mustAgreeToTerms).toBe('Must agree to our terms and conditions.');
    expect(SIGN_IN_MESSAGES.emailRequired).toBe('Email is required.');
    expect(ADD_CUSTOMER_MESSAGES.nameRequired).toBe('Name is required');
    expect(ADD_CUSTOMER_MESSAGES.branchRequiredTitle).toBe('Branch is required!');
    expect(COMMON_MESSAGES.tableEmpty).toBe('This table is empty.');
    expect(COMMON_MESSAGES.correctErrorsColon).toBe('Please correct the following errors: ');
    expect(PASSWORD_MESSAGES.minLength).toBe('Password must be at least 8 characters.');
    expect(CHALLENGE_MESSAGES.noNodes).toBe(
      'Oops... No nodes found. If you think this is an error please contact support.',
    );
  });

  it('uses the fixed spelling of DESIGN §7', () => {
    expect(UPGRADE_MESSAGES.prompt).toBe('Please upgrade your subscription to access this feature');
    expect(CUSTOMER_STATUS_MESSAGES.noSuspendPermission).toBe(
      'You do not possess permissions to suspend customers.',
    );
    expect(API_ERROR_MESSAGES.planRequired).toBe(UPGRADE_MESSAGES.prompt);
  });

  it('has the HTTP wrapper texts', () => {
    expect(HTTP_CLIENT_MESSAGES.couldNotConnect).toBe('Client could not connect to the server');
    expect(HTTP_CLIENT_MESSAGES.errorResponse).toBe('Client was given an error response');
    expect(HTTP_CLIENT_MESSAGES.neverLeft).toBe(
      'Client request never left the browser and therefore never received a response from the server',
    );
  });

  it('fills in names and sizes', () => {
    expect(suspendFailedTitle('Thandi', 'Mokoena')).toBe(
      'Something went wrong when suspending Thandi Mokoena.',
    );
    expect(activateFailedTitle('Thandi', 'Mokoena')).toBe(
      'Something went wrong when activating Thandi Mokoena.',
    );
    expect(deleteChallengeTitle('Summer Spree')).toBe("Confirm deletion of 'Summer Spree' challenge");
    expect(badgeTitle('Gold Star')).toBe('Badge - Gold Star');
    expect(segmentPlayersHeading('VIPs')).toBe('VIPs Players');
    expect(imageDimensionsMessage(512, 256)).toBe('Image dimensions must be less than or equal to 512x256');
    expect(selectionCountText(3, 40)).toBe('3 of 40 selected');
  });
});

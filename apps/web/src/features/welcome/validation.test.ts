import { describe, expect, it } from 'vitest';
import {
  validateAccount,
  validateCompanyDetails,
  validateCompanyInformation,
} from '@/features/welcome/sign-up-validation';
import {
  EMPTY_ACCOUNT,
  EMPTY_COMPANY_DETAILS,
  EMPTY_COMPANY_INFORMATION,
  toCreateClientRequest,
} from '@/features/welcome/validation';

const account = {
  name: 'Thandi',
  surname: 'Nkosi',
  email: 'thandi@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  cellNumber: '0821234567',
  birthday: '1990-05-14',
  getCommunication: true,
  agreesTerms: true,
};

const company = {
  businessName: 'Bean There',
  businessRegisteredName: 'Bean There Coffee (Pty) Ltd',
  businessRegisteredNumber: '2020/123456/07',
  vatNumber: '',
  address: '1 Long Street, Cape Town',
  coordinates: { lat: -33.9189, lng: 18.4233 },
};

const information = {
  businessType: 'I sell in store',
  sellingProducts: ['Food and beverages'],
  industry: 'Coffee and cafés',
};

describe('create account step', () => {
  it('gives every required message of spec 1 §5 for an empty form', () => {
    expect(validateAccount(EMPTY_ACCOUNT)).toEqual({
      name: 'Name is required.',
      surname: 'Surname is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      confirmPassword: 'Confirm Password is required.',
      cellNumber: 'Phone Number is required.',
      birthday: 'Birthday is required.',
      agreesTerms: 'Must agree to our terms and conditions.',
    });
  });

  it('checks length, confirmation and formats', () => {
    expect(validateAccount({ ...account, password: 'short', confirmPassword: 'other' })).toEqual({
      password: 'Password must be at least 8 characters.',
      confirmPassword: "Passwords don't match.",
    });
    expect(validateAccount({ ...account, email: 'not-an-email', cellNumber: '12345' })).toEqual({
      email: 'Please enter a valid email address.',
      cellNumber: 'Phone Number must be a 10-digit phone number',
    });
    expect(validateAccount({ ...account, birthday: '2999-01-01' })).toEqual({
      birthday: 'Birthday must be a date in the past.',
    });
  });

  it('accepts a complete account', () => {
    expect(validateAccount(account)).toEqual({});
  });
});

describe('company steps', () => {
  it('gives the company details messages, VAT being optional', () => {
    expect(validateCompanyDetails(EMPTY_COMPANY_DETAILS)).toEqual({
      businessName: 'Business name is required.',
      businessRegisteredName: 'Registered name is required.',
      businessRegisteredNumber: 'Registered number is required.',
      address: 'Address is required.',
    });
    expect(validateCompanyDetails(company)).toEqual({});
  });

  it('an address typed but not chosen from the predictions is no address', () => {
    expect(validateCompanyDetails({ ...company, coordinates: null })).toEqual({
      address: 'Address is required.',
    });
  });

  it('gives the company information messages', () => {
    expect(validateCompanyInformation(EMPTY_COMPANY_INFORMATION)).toEqual({
      businessType: 'Business type is required.',
      sellingProducts: 'Please select products type.',
      industry: 'Please select an industry.',
    });
    expect(validateCompanyInformation(information)).toEqual({});
  });
});

describe('registration body', () => {
  it('maps the three steps to the company registration payload of spec 1 §3', () => {
    expect(
      toCreateClientRequest(
        account,
        { ...company, vatNumber: ' 4123456789 ' },
        information,
        'rewards.example.com:8080',
        'Africa/Johannesburg',
      ),
    ).toEqual({
      alias: 'Bean There',
      name: 'Bean There Coffee (Pty) Ltd',
      id_number: '2020/123456/07',
      vat_number: '4123456789',
      domain: 'rewards.example.com:8080',
      type: 'ENTITY',
      time_zone: 'Africa/Johannesburg',
      address: {
        full_address: '1 Long Street, Cape Town',
        coordinates: { lat: -33.9189, lng: 18.4233 },
      },
      client_user: {
        name: 'Thandi',
        surname: 'Nkosi',
        email: 'thandi@example.com',
        password: 'correct horse',
        cell_number: '0821234567',
        birthday: '1990-05-14',
        get_communication: true,
        agrees_terms_and_conditions: true,
      },
      offering: {
        experience: 'I sell in store',
        product_types: ['Food and beverages'],
        industry: 'Coffee and cafés',
      },
    });
  });
});
